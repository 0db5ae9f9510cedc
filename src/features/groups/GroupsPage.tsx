import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function GroupsPage() {
  return <Typography variant="h5">GroupsPage</Typography>;
}

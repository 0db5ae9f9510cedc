import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function EditMatchPage() {
  return <Typography variant="h5">EditMatchPage</Typography>;
}

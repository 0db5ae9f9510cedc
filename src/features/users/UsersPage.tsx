import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function UsersPage() {
  return <Typography variant="h5">UsersPage</Typography>;
}

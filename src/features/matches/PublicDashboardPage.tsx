import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function PublicDashboardPage() {
  return <Typography variant="h5">PublicDashboardPage</Typography>;
}

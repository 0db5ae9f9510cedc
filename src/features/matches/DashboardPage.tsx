import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function DashboardPage() {
  return <Typography variant="h5">DashboardPage</Typography>;
}

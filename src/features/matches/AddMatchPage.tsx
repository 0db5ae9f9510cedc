import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function AddMatchPage() {
  return <Typography variant="h5">AddMatchPage</Typography>;
}

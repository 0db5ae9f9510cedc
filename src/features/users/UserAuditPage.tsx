import Typography from '@mui/material/Typography';

// Placeholder: its feature's issue replaces it.
export default function UserAuditPage() {
  return <Typography variant="h5">UserAuditPage</Typography>;
}

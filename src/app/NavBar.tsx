import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { NavLink, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { MSG } from '../../common/messages';
import { hasRole, ROLE_LABEL, type Role } from '../../common/roles';
import { useAppSelector } from '../store/hooks';
import { selectSessionUser } from '../store/sessionSlice';
import { signOut } from '../store/authClient';
import { paths } from '../config/paths';
import { IMPORT_NAV_LABEL } from '../../common/importLabel';
import { OCCUPANCY_LABEL } from '../../common/clashesLabel';

const N = MSG.screens.nav;

/** Links by role (spec 2 and 6), lowest role first. */
const LINKS: Array<{ to: string; label: string; min: Role }> = [
  { to: paths.home.getHref(), label: N.dashboard, min: 'reader' },
  { to: paths.export.getHref(), label: N.export, min: 'reader' },
  { to: paths.addMatch.getHref(), label: N.addMatch, min: 'editor' },
  { to: paths.importMatches.getHref(), label: IMPORT_NAV_LABEL, min: 'editor' },
  { to: paths.groups.getHref(), label: N.groups, min: 'editor' },
  { to: paths.occupancy.getHref(), label: OCCUPANCY_LABEL, min: 'editor' },
  { to: paths.users.getHref(), label: N.users, min: 'admin' },
  { to: paths.errorLogs.getHref(), label: N.errorLogs, min: 'admin' },
  { to: paths.activityLogs.getHref(), label: N.activityLogs, min: 'admin' },
];

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Falls back below (clipboard permission refused, insecure origin).
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export default function NavBar() {
  const user = useAppSelector(selectSessionUser);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  if (!user) return null;

  const copyId = async () => {
    try {
      await copyText(user.id);
      enqueueSnackbar(MSG.screens.idCopied, { variant: 'success' });
    } catch {
      enqueueSnackbar(MSG.screens.copyFailed, { variant: 'error' });
    }
  };

  const logout = async () => {
    await signOut();
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <AppBar position="sticky" color="primary" elevation={2}>
      <Toolbar sx={{ gap: 2 }}>
        <Box component={NavLink} to={paths.home.getHref()} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
          <img src="/favicon.svg" alt={MSG.screens.logoAlt} width={36} height={36} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            Garibaldina
          </Typography>
        </Box>
        <Box component="nav" aria-label="Navigazione principale" sx={{ display: 'flex', gap: 0.5, flexGrow: 1, flexWrap: 'wrap' }}>
          {LINKS.filter((l) => hasRole(user.role, l.min)).map((l) => (
            <Button
              key={l.to}
              component={NavLink}
              to={l.to}
              end
              color="inherit"
              sx={{ textTransform: 'none', '&.active': { bgcolor: 'rgba(255,255,255,0.18)' } }}
            >
              {l.label}
            </Button>
          ))}
        </Box>
        <Tooltip
          arrow
          title={
            <Box sx={{ p: 0.5 }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {N.userId(user.id)}
              </Typography>
              <Typography variant="body2">{N.role(ROLE_LABEL[user.role])}</Typography>
              <Typography variant="caption">{N.copyHint}</Typography>
            </Box>
          }
        >
          <Chip
            avatar={<Avatar>{user.email.charAt(0).toUpperCase()}</Avatar>}
            label={N.greeting(user.email)}
            onClick={copyId}
            sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit', maxWidth: 320 }}
          />
        </Tooltip>
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
          {N.logout}
        </Button>
      </Toolbar>
    </AppBar>
  );
}

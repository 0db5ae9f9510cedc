import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import LockResetIcon from '@mui/icons-material/LockReset';
import { NavLink, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { MSG } from '../../common/core/messages';
import { ROLE_LABEL } from '../../common/users/roles';
import { useAppSelector } from '../store/hooks';
import { selectSessionUser } from '../store/sessionSlice';
import { signOut } from '../features/auth/session';
import { paths } from '../config/paths';
import { navEntries } from './navEntries';
import { BAR_BUTTON_SX, NavMenu } from './NavMenu';
import { NavDrawer } from './NavDrawer';
import { AccountMenu, LazyChangePasswordDialog } from './AccountMenu';

const N = MSG.screens.nav;

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
  const [changingPassword, setChangingPassword] = useState(false);
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

  const entries = navEntries(user.role);
  const initial = <Avatar>{user.email.charAt(0).toUpperCase()}</Avatar>;
  const details = (
    <>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {N.userId(user.id)}
      </Typography>
      <Typography variant="body2">{N.role(ROLE_LABEL[user.role])}</Typography>
      <Typography variant="caption">{N.copyHint}</Typography>
    </>
  );
  const greeting = N.greeting(user.email);

  return (
    <AppBar position="sticky" color="primary" elevation={2}>
      <Toolbar sx={{ gap: { xs: 1, md: 1.5, lg: 2 } }}>
        <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
          <NavDrawer
            entries={entries}
            header={
              <Box>
                <Chip avatar={initial} label={greeting} onClick={copyId} sx={{ maxWidth: '100%', mb: 1 }} />
                <Box sx={{ color: 'text.secondary' }}>{details}</Box>
              </Box>
            }
            footer={
              <>
                <Button variant="text" startIcon={<LockResetIcon />} onClick={() => setChangingPassword(true)} fullWidth sx={{ mb: 1 }}>
                  {N.changePassword}
                </Button>
                <Button variant="outlined" startIcon={<LogoutIcon />} onClick={logout} fullWidth>
                  {N.logout}
                </Button>
              </>
            }
          />
        </Box>
        <Box component={NavLink} to={paths.home.getHref()} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flexShrink: 0 }}>
          <img src="/favicon.svg" alt={MSG.screens.logoAlt} width={36} height={36} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', display: { xs: 'inline', md: 'none', lg: 'inline' } }}>
            Garibaldina
          </Typography>
        </Box>
        <Box component="nav" aria-label="Navigazione principale" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1, flexWrap: 'nowrap', minWidth: 0 }}>
          {entries.map((e) =>
            e.kind === 'link' ? (
              <Button key={e.to} component={NavLink} to={e.to} end color="inherit" sx={BAR_BUTTON_SX}>
                {e.label}
              </Button>
            ) : (
              <NavMenu key={e.id} label={e.label} items={e.items} />
            ),
          )}
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: { md: 1, lg: 2 }, minWidth: 0, flexShrink: 1 }}>
          <AccountMenu
            user={user}
            avatar={initial}
            details={<Box sx={{ p: 0.5 }}>{details}</Box>}
            onCopyId={copyId}
            onChangePassword={() => setChangingPassword(true)}
            onSignOut={logout}
          />
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout} sx={{ flexShrink: 0 }}>
            {N.logout}
          </Button>
        </Box>
      </Toolbar>
      <LazyChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </AppBar>
  );
}

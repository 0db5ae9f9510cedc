import { lazy, Suspense, useId, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { MSG } from '../../common/core/messages';
import { ROLE_LABEL } from '../../common/users/roles';
import type { SessionUser } from '../store/sessionSlice';

const N = MSG.screens.nav;

// The dialog, its form and the password rules are a chunk of their own, downloaded on the first opening.
const ChangePasswordDialog = lazy(() => import('../features/auth/ChangePasswordDialog'));

/** 'Cambia password', rendered (and its code downloaded) only once it has been opened. */
export function LazyChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

interface Props {
  user: SessionUser;
  /** The avatar with the email's initial. */
  avatar: ReactElement;
  /** The bubble's hover text (docs/screens.md): the user id, the role, the copy hint. */
  details: ReactNode;
  onCopyId: () => void;
  onChangePassword: () => void;
  onSignOut: () => void;
}

/**
 * The profile bubble of the bar (docs/screens.md: the greeting, the id and role on hover; the id copied when
 * clicked, here as the menu's first item) and the account menu it opens: 'Cambia password', 'Esci'.
 */
export function AccountMenu({ user, avatar, details, onCopyId, onChangePassword, onSignOut }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hover, setHover] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  return (
    <>
      {/* The hover text steps aside while the menu is open (the menu says the same). */}
      <Tooltip arrow title={details} open={hover && !open} onOpen={() => setHover(true)} onClose={() => setHover(false)}>
        <Chip
          id={buttonId}
          avatar={avatar}
          label={N.greeting(user.email)}
          onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={open ? menuId : undefined}
          sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit', maxWidth: { md: 220, lg: 280, xl: 320 }, minWidth: 0 }}
        />
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem onClick={choose(onCopyId)}>
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={N.userId(user.id)}
            secondary={`${N.role(ROLE_LABEL[user.role])} · ${N.copyHint}`}
            slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' } } }}
            sx={{ maxWidth: 320, whiteSpace: 'normal' }}
          />
        </MenuItem>
        <Divider />
        <MenuItem onClick={choose(onChangePassword)}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          {N.changePassword}
        </MenuItem>
        <MenuItem onClick={choose(onSignOut)}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {N.signOut}
        </MenuItem>
      </Menu>
    </>
  );
}

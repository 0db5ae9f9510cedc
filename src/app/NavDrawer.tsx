import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuIcon from '@mui/icons-material/Menu';
import { NavLink } from 'react-router-dom';
import { MSG } from '../../common/core/messages';
import type { NavEntry, NavItem } from './navEntries';

const N = MSG.screens.nav;

/**
 * Below 900 px: the bar's links in a side drawer opened by a menu button, groups under their
 * heading; `header` and `footer` hold the profile and the logout. Choosing a screen closes it.
 */
export function NavDrawer({ entries, header, footer }: { entries: NavEntry[]; header: ReactNode; footer: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const link = (i: NavItem, inset = false) => (
    <ListItemButton key={i.to} component={NavLink} to={i.to} end onClick={close} sx={{ minHeight: 48, pl: inset ? 4 : 2, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
      {i.label}
    </ListItemButton>
  );

  return (
    <>
      <IconButton color="inherit" edge="start" aria-label={N.openMenu} aria-expanded={open ? 'true' : 'false'} onClick={() => setOpen(true)}>
        <MenuIcon />
      </IconButton>
      <Drawer open={open} onClose={close} slotProps={{ paper: { sx: { width: 'min(300px, 85vw)' } } }}>
        <Box sx={{ p: 2 }}>{header}</Box>
        <Divider />
        <Box component="nav" aria-label="Navigazione principale">
          <List>
            {entries.map((e) =>
              e.kind === 'link' ? (
                link(e)
              ) : (
                <Fragment key={e.id}>
                  <ListSubheader component="div" disableSticky sx={{ lineHeight: '36px' }}>
                    {e.label}
                  </ListSubheader>
                  {e.items.map((i) => link(i, true))}
                </Fragment>
              ),
            )}
          </List>
        </Box>
        <Divider />
        <Box sx={{ p: 2 }}>{footer}</Box>
      </Drawer>
    </>
  );
}

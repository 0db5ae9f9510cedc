import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import type { NavItem } from './navEntries';

/** The look of a bar link; `.active` marks the current screen (NavLink also sets aria-current="page"). */
export const BAR_BUTTON_SX = { textTransform: 'none', whiteSpace: 'nowrap', '&.active': { bgcolor: 'rgba(255,255,255,0.18)' } } as const;

/**
 * A group of bar links behind one button (MUI Menu: arrow keys, Escape, focus back on the button).
 * The button looks active when one of its screens is shown; the current screen's item is selected.
 */
export function NavMenu({ label, items }: { label: string; items: NavItem[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const current = items.find((i) => matchPath({ path: i.to, end: true }, pathname));
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? menuId : undefined}
        endIcon={<ArrowDropDownIcon />}
        className={current ? 'active' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={BAR_BUTTON_SX}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {items.map((i) => (
          <MenuItem key={i.to} component={NavLink} to={i.to} end selected={i === current} onClick={close}>
            {i.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

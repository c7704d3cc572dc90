import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface NavLink {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
}

/** A hub's list of pages: icon, name, what it is for, and a chevron (the admin hub, '/settings'). */
export function NavLinkList({
  links,
  label,
  dividers = false,
}: {
  links: NavLink[];
  label?: string;
  dividers?: boolean;
}) {
  return (
    <List disablePadding {...(label ? { 'aria-label': label } : {})}>
      {links.map((link, index) => (
        <ListItem key={link.to} disablePadding divider={dividers && index < links.length - 1}>
          <ListItemButton component={RouterLink} to={link.to} sx={{ px: 2.5, py: dividers ? 1.5 : 1.25 }}>
            <ListItemIcon sx={{ color: 'primary.main', minWidth: 44 }}>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} secondary={link.description} />
            <ChevronRightRoundedIcon sx={{ color: 'text.secondary' }} aria-hidden />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

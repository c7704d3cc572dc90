import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import OutboxRoundedIcon from '@mui/icons-material/OutboxRounded';
import PersonRoundedIcon from '@mui/icons-material/PersonRounded';
import SchoolRoundedIcon from '@mui/icons-material/SchoolRounded';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { NavLink, useLocation } from 'react-router';
import { type MenuKey, menuFor } from './menu';

const icons: Record<MenuKey, SvgIconComponent> = {
  home: HomeRoundedIcon,
  dashboard: DashboardRoundedIcon,
  team: GroupsRoundedIcon,
  'manage-people': ManageAccountsRoundedIcon,
  university: SchoolRoundedIcon,
  alerts: CampaignRoundedIcon,
  admin: AdminPanelSettingsRoundedIcon,
  outbox: OutboxRoundedIcon,
  profile: PersonRoundedIcon,
};

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

interface NavMenuProps {
  user: CurrentUser;
  onNavigate?: () => void;
  onLogout: () => void;
  isLoggingOut?: boolean;
}

/** The side menu entries for the user's role, and Logout for everyone. */
export function NavMenu({ user, onNavigate, onLogout, isLoggingOut }: NavMenuProps) {
  const { pathname } = useLocation();
  return (
    <List component="ul" aria-label="Main menu" sx={{ py: 1 }}>
      {menuFor(user).map((item) => {
        const Icon = icons[item.key];
        const selected = isActive(pathname, item.to);
        return (
          <li key={item.key}>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              selected={selected}
              onClick={onNavigate}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </li>
        );
      })}
      <li>
        <ListItemButton onClick={onLogout} disabled={isLoggingOut}>
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </li>
    </List>
  );
}

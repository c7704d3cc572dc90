import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import DesignServicesRoundedIcon from '@mui/icons-material/DesignServicesRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import LocalShippingRoundedIcon from '@mui/icons-material/LocalShippingRounded';
import PanoramaRoundedIcon from '@mui/icons-material/PanoramaRounded';
import StairsRoundedIcon from '@mui/icons-material/StairsRounded';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface SettingsLink {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
}

/** The settings pages (spec 3 §2.1), every one open to every admin. */
export const SETTINGS_LINKS: SettingsLink[] = [
  {
    label: 'Levels',
    description: 'Leader levels: name, level and description',
    to: paths.settingsLevels,
    icon: <StairsRoundedIcon />,
  },
  {
    label: 'Services',
    description: 'The service list: add and remove services',
    to: paths.settingsServices,
    icon: <DesignServicesRoundedIcon />,
  },
  {
    label: 'Suppliers',
    description: 'Suppliers, their contacts and products',
    to: paths.settingsSuppliers,
    icon: <LocalShippingRoundedIcon />,
  },
  {
    label: 'Product Types',
    description: 'The product types suppliers offer',
    to: paths.settingsProductTypes,
    icon: <LayersRoundedIcon />,
  },
  {
    label: 'Banner',
    description: 'The banner image on the dashboard',
    to: paths.settingsBanner,
    icon: <PanoramaRoundedIcon />,
  },
];

/** '/settings': the settings hub. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Settings" subtitle="Levels, services, suppliers, product types and the dashboard banner" />
      <Paper variant="outlined">
        <List disablePadding aria-label="Settings">
          {SETTINGS_LINKS.map((link, index) => (
            <ListItem key={link.to} disablePadding divider={index < SETTINGS_LINKS.length - 1}>
              <ListItemButton component={RouterLink} to={link.to} sx={{ px: 2.5, py: 1.5 }}>
                <ListItemIcon sx={{ color: 'primary.main', minWidth: 44 }}>{link.icon}</ListItemIcon>
                <ListItemText primary={link.label} secondary={link.description} />
                <ChevronRightRoundedIcon sx={{ color: 'text.secondary' }} aria-hidden />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}

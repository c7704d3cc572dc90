import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LINK_USAGE_GOAL, type LinksView, type SupplierLink } from '@portal/domain/links/supplier-links';

interface LinkCardProps {
  link: SupplierLink;
  view: LinksView;
  isAdmin: boolean;
  opening: boolean;
  onOpen: () => void;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const clicksLabel = (count: number) => `${count} ${count === 1 ? 'click' : 'clicks'}`;

/** A link: its title opens it (for the signed-in dealer), a share button; admins also open, edit and delete. */
export function LinkCard({ link, view, isAdmin, opening, onOpen, onShare, onEdit, onDelete }: LinkCardProps) {
  const grid = view === 'grid';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={link.name}
      sx={{
        listStyle: 'none',
        display: 'flex',
        // On a phone a list row stacks like a grid card: the title keeps the width, actions go below.
        flexDirection: grid ? 'column' : { xs: 'column', sm: 'row' },
        alignItems: grid ? 'stretch' : { xs: 'stretch', sm: 'center' },
        gap: 1,
        p: 1.5,
        minHeight: grid ? 128 : undefined,
        transition: 'border-color 120ms',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <ButtonBase
        onClick={onOpen}
        disabled={opening}
        aria-label={`Open ${link.name}`}
        sx={{
          flex: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          alignItems: 'center',
          gap: 1.5,
          textAlign: 'left',
          borderRadius: 1,
          p: 0.5,
        }}
      >
        <Box
          sx={{
            flex: 'none',
            width: 40,
            height: 40,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <LinkRoundedIcon />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="span"
            sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {link.name}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={link.clickCount >= LINK_USAGE_GOAL ? 'success' : 'default'}
            label={clicksLabel(link.clickCount)}
            sx={{ mt: 0.5 }}
          />
        </Box>
      </ButtonBase>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flex: 'none' }}>
        <Tooltip title="Share">
          <IconButton aria-label={`Share ${link.name}`} onClick={onShare}>
            <ShareRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {isAdmin ? (
          <>
            <Tooltip title="Open in new tab">
              <IconButton aria-label={`Open ${link.name} in new tab`} onClick={onOpen} disabled={opening}>
                <OpenInNewRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Edit">
              <IconButton aria-label={`Edit ${link.name}`} onClick={onEdit}>
                <EditRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${link.name}`} color="error" onClick={onDelete}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
      </Box>
    </Paper>
  );
}

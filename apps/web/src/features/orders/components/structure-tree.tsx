import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  STRUCTURE_MILESTONE_LABELS,
  STRUCTURE_MILESTONES,
  type StructureNode,
} from '@portal/domain/orders/structure-report';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useStructureReport } from '../api/structure-report';

export interface StructureRange {
  rootId: number;
  from: string;
  to: string;
  supplierId?: number;
}

function Totals({ node }: { node: StructureNode }) {
  return (
    <Box sx={{ display: 'flex', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}>
      {STRUCTURE_MILESTONES.map((key) => (
        <Typography key={key} variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {STRUCTURE_MILESTONE_LABELS[key]}{' '}
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {node.totals[key]}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}

function Children({ node, range }: { node: StructureNode; range: StructureRange }) {
  const report = useStructureReport({ ...range, nodeId: node.id });
  if (report.isPending) return <CircularProgress size={18} sx={{ ml: 4, my: 1 }} aria-label="Loading the team" />;
  if (report.isError) return <LoadErrorAlert error={report.error} onRetry={() => report.refetch()} />;
  return (
    <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, pl: { xs: 1.5, sm: 3 } }}>
      {report.data.children.map((child) => (
        <StructureTreeItem key={child.id} node={child} range={range} />
      ))}
    </Box>
  );
}

/** One dealer of the tree: name, level, children and subtree totals; expands to their children. */
export function StructureTreeItem({
  node,
  range,
  open = false,
}: {
  node: StructureNode;
  range: StructureRange;
  open?: boolean;
}) {
  const [expanded, setExpanded] = useState(open);
  const name = `${node.firstName} ${node.surname}`.trim();
  return (
    <Box
      component="li"
      role="treeitem"
      aria-expanded={node.children > 0 ? expanded : undefined}
      aria-label={`${name}, level ${node.level}`}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          py: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {node.children > 0 ? (
          <IconButton
            size="small"
            onClick={() => setExpanded((value) => !value)}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
          >
            {expanded ? <ExpandMoreRoundedIcon /> : <ChevronRightRoundedIcon />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34, flexShrink: 0 }} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              {node.zCode} · Level {node.level} · {node.children} {node.children === 1 ? 'child' : 'children'}
            </Typography>
          </Typography>
          <Totals node={node} />
        </Box>
      </Box>
      {expanded && node.children > 0 ? <Children node={node} range={range} /> : null}
    </Box>
  );
}

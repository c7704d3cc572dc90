import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStructureLevels } from '../api/settings';
import { BackToSettings } from '../components/back-to-settings';

/** '/settings/levels': the leader levels (spec 3 §2.1). */
export function LevelsPage() {
  useDocumentTitle('Levels');
  const levels = useStructureLevels();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <BackToSettings />
      <PageHeader title="Levels" subtitle="The leader levels of the network structure" />
      {levels.isPending ? (
        <PageLoader label="Loading levels…" />
      ) : levels.isError ? (
        <LoadErrorAlert error={levels.error} onRetry={() => void levels.refetch()} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Leader levels">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Level</TableCell>
                <TableCell>Description</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {levels.data.map((level) => (
                <TableRow key={level.id}>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: { sm: 'nowrap' } }}>{level.name}</TableCell>
                  <TableCell>{level.level}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{level.description ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

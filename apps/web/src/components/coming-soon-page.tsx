import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from './page-header';

/** Stands in for a page another part of the build delivers later. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent sx={{ py: 6, textAlign: 'center' }}>
          <ConstructionRoundedIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h5" component="h2" gutterBottom>
            Coming soon
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            This page is not available yet.
          </Typography>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to dashboard
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

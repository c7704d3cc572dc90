import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import {
  type CatalogueChoice,
  type CatalogueChoices,
  pruneCatalogueChoice,
  suppliersOffering,
} from '@portal/domain/catalogue/catalogue';
import type { ReactNode } from 'react';

const toggle = (list: number[], id: number, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

function Section({
  title,
  hint,
  empty,
  children,
}: {
  title: string;
  hint?: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {hint}
        </Typography>
      ) : null}
      {children.length ? (
        <FormGroup>{children}</FormGroup>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
    </Box>
  );
}

interface CataloguePickerProps {
  choices: CatalogueChoices;
  value: CatalogueChoice;
  onChange: (next: CatalogueChoice) => void;
  /** Deals are admins' to choose; without them, `dealsNote` stands in their place (if given). */
  withDeals: boolean;
  dealsNote?: ReactNode;
  /** Side by side on wide screens (the wizard), or one under the other (a dialog). */
  layout?: 'columns' | 'stack';
}

/**
 * Product types, then the suppliers offering them, then (admins) the deals of those suppliers and
 * types (spec 1 §2.7, §6). Unchecking a product type drops the suppliers and deals no longer valid.
 */
export function CataloguePicker({
  choices,
  value,
  onChange,
  withDeals,
  dealsNote,
  layout = 'columns',
}: CataloguePickerProps) {
  const choose = (next: CatalogueChoice) => onChange(pruneCatalogueChoice(choices, next));
  const offered = suppliersOffering(choices.suppliers, value.productTypeIds);
  const deals = choices.deals.filter(
    (deal) => value.supplierIds.includes(deal.supplierId) && value.productTypeIds.includes(deal.productTypeId),
  );
  const box = (key: keyof CatalogueChoice, item: { id: number; name: string }) => (
    <FormControlLabel
      key={item.id}
      label={item.name}
      control={
        <Checkbox
          checked={value[key].includes(item.id)}
          onChange={(_event, on) => choose({ ...value, [key]: toggle(value[key], item.id, on) })}
        />
      }
    />
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: layout === 'columns' ? { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } : '1fr',
      }}
    >
      <Section title="Product types" empty="No product types available">
        {choices.productTypes.map((type) => box('productTypeIds', type))}
      </Section>
      <Section title="Suppliers" hint="Suppliers offering a chosen product type." empty="Choose a product type first.">
        {offered.map((supplier) => box('supplierIds', supplier))}
      </Section>
      {withDeals ? (
        <Section title="Deals" hint="Deals of the chosen suppliers and product types." empty="Choose a supplier first.">
          {deals.map((deal) => box('dealIds', deal))}
        </Section>
      ) : (
        dealsNote
      )}
    </Box>
  );
}

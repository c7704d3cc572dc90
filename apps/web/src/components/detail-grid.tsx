import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const NOT_SPECIFIED = 'Not specified';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Long values (an e-mail address) take the whole row on phones. */
  wide?: boolean;
}

/** Label and value pairs in a responsive grid; an empty value reads 'Not specified'. */
export function DetailGrid({ items, columns = 2 }: { items: DetailItem[]; columns?: 1 | 2 | 3 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
        columnGap: { xs: 2, sm: 3 },
        rowGap: 2,
      }}
    >
      {items.map((item) => {
        const empty = item.value === null || item.value === undefined || item.value === '';
        return (
          <Box key={item.label} sx={{ minWidth: 0, gridColumn: item.wide ? { xs: '1 / -1', sm: 'auto' } : undefined }}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {item.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                mt: 0.25,
                overflowWrap: 'anywhere',
                color: empty ? 'text.secondary' : 'text.primary',
                fontStyle: empty ? 'italic' : undefined,
              }}
            >
              {empty ? NOT_SPECIFIED : item.value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

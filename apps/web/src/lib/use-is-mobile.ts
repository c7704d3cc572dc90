import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_MEDIA } from '../app/theme';

/** True at 955 px wide or narrower (spec 1 §2.2). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA, { noSsr: true });
}

import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { type DatePickerProps, DatePicker as MuiDatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
// dayjs ships no en-ZA locale; en-GB has the same day names and a Monday week start.
import 'dayjs/locale/en-gb';

/**
 * MUI's DatePicker with its dayjs adapter in en-GB. The adapter lives here, not in the app's
 * providers, so the pickers load only with the forms that show one (not on the sign-in page).
 */
export function DatePicker(props: DatePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <MuiDatePicker {...props} />
    </LocalizationProvider>
  );
}

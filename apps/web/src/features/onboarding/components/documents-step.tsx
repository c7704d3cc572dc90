import Box from '@mui/material/Box';
import type { NewUserForm } from '@portal/domain/people/new-user';
import { Controller, useFormContext } from 'react-hook-form';
import { PhotoUpload } from '../../../components/photo-upload';

/** Step 3 (spec 1 §2.7): the ID photo and the person photo, uploaded with percent progress. */
export function DocumentsStep() {
  const { control } = useFormContext<NewUserForm>();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      <Controller
        name="idPhotoUrl"
        control={control}
        render={({ field, fieldState }) => (
          <PhotoUpload
            label="ID photo"
            purpose="id_photo"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="personPhotoUrl"
        control={control}
        render={({ field, fieldState }) => (
          <PhotoUpload
            label="Person photo"
            purpose="person_photo"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </Box>
  );
}

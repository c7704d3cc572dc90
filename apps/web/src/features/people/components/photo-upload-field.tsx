import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { uploadPhoto } from '../api/manage-user';

interface Props {
  label: string;
  purpose: 'id_photo' | 'person_photo';
  value: string | null | undefined;
  onChange: (url: string) => void;
  error?: string | undefined;
}

/** One document photo: the current one, and an upload with percent progress (type and size checked by the server). */
export function PhotoUploadField({ label, purpose, value, onChange, error }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    setProgress(0);
    try {
      onChange(await uploadPhoto(file, purpose, setProgress));
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Error uploading file');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, p: 2, border: '1px solid', borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      {value ? (
        <Box
          component="img"
          src={value}
          alt={label}
          sx={{ width: '100%', maxHeight: 180, objectFit: 'contain', bgcolor: 'grey.50', borderRadius: 1 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No file uploaded yet.
        </Typography>
      )}
      <Button component="label" variant="outlined" startIcon={<CloudUploadRoundedIcon />} disabled={progress !== null}>
        {value ? `Replace ${label}` : `Upload ${label}`}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Button>
      {progress !== null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress variant="determinate" value={progress} sx={{ flex: 1 }} aria-label={`${label} upload`} />
          <Typography variant="caption">{`${progress}%`}</Typography>
        </Box>
      ) : null}
      {failure || error ? <FormHelperText error>{failure ?? error}</FormHelperText> : null}
    </Box>
  );
}

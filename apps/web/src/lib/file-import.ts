import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from './api';
import { type UploadPurpose, uploadFile } from './upload-file';

// What the CSV imports share (fibre activity, agent lists, commission payouts): the file is
// uploaded first, with its own progress, then a job on the server reads it.

/** The form's file: required, a CSV chosen with the file picker. */
export const CsvFileInput = z
  .instanceof(File, { message: 'Please choose a CSV file.' })
  .nullable()
  .refine((file) => file !== null, { message: 'Please choose a CSV file.' });

/** The import job's status as the pages follow it. */
export const isJobRunning = (job: { status: string } | undefined) =>
  job !== undefined && (job.status === 'queued' || job.status === 'running');

/**
 * Uploads an import's file: `percent` while it goes (undefined otherwise), and the upload's error
 * as the pages show it. `upload` resolves to the stored file's id, or undefined when it failed.
 */
export function useImportUpload(purpose: UploadPurpose) {
  const [percent, setPercent] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const upload = async (file: File): Promise<string | undefined> => {
    setError(undefined);
    try {
      setPercent(0);
      const address = await uploadFile(file, purpose, setPercent);
      return address.slice(address.lastIndexOf('/') + 1);
    } catch (failure) {
      setError(`Error uploading file: ${errorMessage(failure)}`);
      return undefined;
    } finally {
      setPercent(undefined);
    }
  };
  return { percent, error, upload };
}

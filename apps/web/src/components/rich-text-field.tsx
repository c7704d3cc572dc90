import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useId } from 'react';
// Types only: the editor itself arrives with the lazy import below.
import type { RichTextFieldProps } from './rich-text-editor';

export type { RichTextFieldProps };

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** A labelled rich-text field; the editor loads with the first page that shows one. */
export function RichTextField(props: RichTextFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const helperId = `${id}-helper`;
  return (
    <div>
      <FormLabel htmlFor={id} error={props.error ?? false} sx={{ display: 'block', mb: 0.5, typography: 'subtitle2' }}>
        {props.label}
      </FormLabel>
      <Suspense fallback={<Skeleton variant="rounded" height={168} aria-label={`${props.label} editor loading`} />}>
        <RichTextEditor {...props} id={id} {...(props.helperText ? { describedBy: helperId } : {})} />
      </Suspense>
      {props.helperText ? (
        <FormHelperText id={helperId} error={props.error ?? false}>
          {props.helperText}
        </FormHelperText>
      ) : null}
    </div>
  );
}

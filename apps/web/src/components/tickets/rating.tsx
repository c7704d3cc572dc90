import SentimentNeutralRoundedIcon from '@mui/icons-material/SentimentNeutralRounded';
import SentimentVeryDissatisfiedRoundedIcon from '@mui/icons-material/SentimentVeryDissatisfiedRounded';
import SentimentVerySatisfiedRoundedIcon from '@mui/icons-material/SentimentVerySatisfiedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import StarRating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Rating, ratingMood } from '@portal/domain/tickets/tickets';
import { useState } from 'react';

/** A given rating: 1–5 stars and the dealer's optional comment. */
export type TicketRating = Rating;

export const RATING_COMMENT_MAX_LENGTH = 1000;

const MOOD_ICON = {
  sad: SentimentVeryDissatisfiedRoundedIcon,
  neutral: SentimentNeutralRoundedIcon,
  happy: SentimentVerySatisfiedRoundedIcon,
} as const;

const MOOD_COLOR = { sad: 'error.main', neutral: 'warning.main', happy: 'success.main' } as const;

/** "4/5" and the comment, as the rated icon's tooltip shows it. */
export const ratingSummary = (rating: TicketRating): string =>
  rating.comment ? `${rating.star}/5 ${rating.comment}` : `${rating.star}/5`;

/**
 * The disabled review icon of a rated ticket: its mood by the stars, and a tooltip with the
 * rating out of 5 and the comment. The wrapping span lets the tooltip show on a disabled button.
 */
export function RatedIcon({ rating }: { rating: TicketRating }) {
  const mood = ratingMood(rating.star);
  const Icon = MOOD_ICON[mood];
  return (
    <Tooltip
      title={
        <>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {rating.star}/5
          </Box>
          {rating.comment ? (
            <Box component="span" sx={{ display: 'block' }}>
              {rating.comment}
            </Box>
          ) : null}
        </>
      }
    >
      <Box component="span" tabIndex={0} aria-label={`Rated ${ratingSummary(rating)}`} data-mood={mood}>
        <IconButton disabled size="small" aria-hidden tabIndex={-1}>
          <Icon fontSize="small" sx={{ color: MOOD_COLOR[mood] }} />
        </IconButton>
      </Box>
    </Tooltip>
  );
}

interface RatingFormProps {
  onSubmit: (rating: TicketRating) => void;
  submitting?: boolean;
  /** Shown beside the buttons: e.g. Cancel in the rating dialog. */
  onCancel?: () => void;
  /** The form's label, for screen readers and tests. */
  label?: string;
}

/** Stars 1–5 (at least one) and an optional comment (spec 2 §5 "Rating"). */
export function RatingForm({ onSubmit, submitting = false, onCancel, label = 'Rate the service' }: RatingFormProps) {
  const [star, setStar] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  return (
    <Box
      component="form"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!star) return;
        onSubmit({ star, comment: comment.trim() || null });
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="legend" variant="body2" color="text.secondary">
          Your rating
        </Typography>
        <StarRating
          name="rating-star"
          value={star}
          onChange={(_, value) => setStar(value)}
          size="large"
          disabled={submitting}
        />
      </Box>
      <TextField
        label="Comment (optional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        disabled={submitting}
        slotProps={{ htmlInput: { maxLength: RATING_COMMENT_MAX_LENGTH } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={!star} loading={submitting}>
          Submit Rating
        </Button>
      </Box>
    </Box>
  );
}

import Block from '@mui/icons-material/Block';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Chip, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Why the server withholds part of an application from the reader (server/auth/standing.ts): they stood aside from it
 * (a conflict of interest, jäv), or they review it and their own review is not sent in yet.
 */
export type Withheld = 'stood_aside' | 'own_review_first';

/** A small word in place of what is withheld, its reason said to screen readers and in its tooltip. */
function Marker({ text, label, icon }: { text: string; label: string; icon: ReactElement }) {
  return (
    <Tooltip title={label}>
      {/* A span, so that it may stand inside a line of text (a phone's list line is a paragraph). */}
      <Chip
        component="span"
        role="img"
        aria-label={label}
        size="small"
        variant="outlined"
        icon={icon}
        label={text}
        sx={{ height: 22, verticalAlign: 'middle', '& .MuiChip-label': { px: 0.75 } }}
      />
    </Tooltip>
  );
}

/** "Jäv": the reader declared a conflict of interest with the application (by default), or with one of a batch's. */
export function StoodAsideMarker({ label }: { label?: string }) {
  const translate = useTranslate();
  return (
    <Marker
      text={translate('app.withheld.stood_aside')}
      label={label ?? translate('app.withheld.stood_aside_label')}
      icon={<Block fontSize="small" />}
    />
  );
}

/** "Dold": the others' reviews, shown once the reader's own review is sent in. */
export function HiddenMarker() {
  const translate = useTranslate();
  return (
    <Marker
      text={translate('app.withheld.hidden')}
      label={translate('app.withheld.hidden_label')}
      icon={<VisibilityOff fontSize="small" />}
    />
  );
}

/** The marker of what is withheld from the reader, or nothing. */
export function WithheldMarker({ withheld }: { withheld: Withheld | null }) {
  if (withheld === 'stood_aside') return <StoodAsideMarker />;
  if (withheld === 'own_review_first') return <HiddenMarker />;
  return null;
}

/** An amount the server withholds reads "–", not blank: the reader sees that there is one, and why by the marker. */
export const WITHHELD = '–';

/**
 * Out of sight but read by screen readers. Sizes are strings: in MUI's sx a bare 1 means 100%, which made a hidden
 * live region as wide as the page and the page scroll sideways on a phone.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

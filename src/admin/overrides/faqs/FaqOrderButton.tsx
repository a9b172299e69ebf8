import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';

/** On the FAQ list: a link to the reorder screen at /faqs/order ("Ordna frågorna" / "Reorder questions"). */
export function FaqOrderButton() {
  return (
    <Button component={Link} to="/faqs/order" label="app.faq_order.open">
      <SwapVertIcon />
    </Button>
  );
}

import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Button } from 'react-admin';

/** On the FAQ list: opens the reorder screen at /faqs/order ("Ordna frågorna" / "Reorder questions"). */
export function FaqOrderButton() {
  return (
    <Button label="app.faq_order.open" to="/faqs/order">
      <SwapVertIcon />
    </Button>
  );
}

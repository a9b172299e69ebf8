import { Placeholder } from './Placeholder';

export default function FaqPage() {
  return <Placeholder page="faq" />;
}

import { Placeholder } from './Placeholder';

export default function ApplyPage() {
  return <Placeholder page="apply" />;
}

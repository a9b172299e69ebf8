import { Placeholder } from './Placeholder';

export default function DialoguePage() {
  return <Placeholder page="dialogue" />;
}

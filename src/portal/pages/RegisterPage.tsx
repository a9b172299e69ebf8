import { Placeholder } from './Placeholder';

export default function RegisterPage() {
  return <Placeholder page="register" />;
}

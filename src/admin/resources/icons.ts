import CategoryIcon from '@mui/icons-material/Category';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DescriptionIcon from '@mui/icons-material/Description';
import HelpIcon from '@mui/icons-material/Help';
import type { SvgIconComponent } from '@mui/icons-material';

/** The menu and card icon of each resource (presentation only, so not in the declaration). */
export const resourceIcons: Record<string, SvgIconComponent> = {
  'application-types': DescriptionIcon,
  categories: CategoryIcon,
  contacts: ContactPhoneIcon,
  faqs: HelpIcon,
};

import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DateRangeIcon from '@mui/icons-material/DateRange';
import DescriptionIcon from '@mui/icons-material/Description';
import GradingIcon from '@mui/icons-material/Grading';
import GroupIcon from '@mui/icons-material/Group';
import HelpIcon from '@mui/icons-material/Help';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { SvgIconComponent } from '@mui/icons-material';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import ViewListIcon from '@mui/icons-material/ViewList';
import type { ResourceName } from '../../../resources/index';

/**
 * The menu and card icon of a resource (presentation only, so not in the declaration). Optional like the other screen
 * parts: a new entity shows the list icon until it is given its own here.
 */
const resourceIcons: Partial<Record<ResourceName, SvgIconComponent>> = {
  users: GroupIcon,
  'application-types': DescriptionIcon,
  'application-type-field-definitions': ListAltIcon,
  categories: CategoryIcon,
  'frontend-users': PeopleOutlineIcon,
  periods: DateRangeIcon,
  organisations: BusinessIcon,
  contacts: ContactPhoneIcon,
  faqs: HelpIcon,
  'decision-mail-templates': MarkEmailReadIcon,
  'review-criteria': GradingIcon,
};

export const resourceIcon = (name: ResourceName): SvgIconComponent => resourceIcons[name] ?? ViewListIcon;

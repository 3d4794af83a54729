import { type IconProps, LineIcon } from "./illustrations/line-icon";
import {
  BenchmarkIcon,
  BenefitsIcon,
  EquityIcon,
  ExecutiveIcon,
  RewardsIcon,
  VariableIcon,
} from "./illustrations/service-icons";

/**
 * Hand-drawn line icons (24 x 24, stroke = currentColor), decorative: hidden from assistive
 * technology, so the text next to them carries the meaning. One small component per icon keeps
 * unused ones out of a page's bundle.
 */
function SvgIcon({ paths, ...props }: IconProps & { paths: string[] }) {
  return (
    <LineIcon {...props}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </LineIcon>
  );
}

const icon = (paths: string[]) => (props: IconProps) => <SvgIcon paths={paths} {...props} />;

export const MenuIcon = icon(["M4 6h16", "M4 12h16", "M4 18h16"]);
export const CloseIcon = icon(["M6 6l12 12", "M18 6L6 18"]);
export const ChevronDownIcon = icon(["M6 9l6 6 6-6"]);
export const ArrowRightIcon = icon(["M5 12h14", "M13 6l6 6-6 6"]);
export const CheckIcon = icon(["M5 12.5l4.5 4.5L19 7.5"]);
export const MailIcon = icon([
  "M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z",
  "M3.5 6l8.5 7 8.5-7",
]);
export const PhoneIcon = icon([
  "M5 4h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z",
]);
export const MapPinIcon = icon([
  "M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z",
  "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
]);
export const LinkedInIcon = icon([
  "M4 4h16v16H4z",
  "M8 10v6",
  "M8 7.5v.01",
  "M12 16v-6",
  "M12 12.5a2.5 2.5 0 0 1 5 0V16",
]);
export const CalendarIcon = icon(["M4 6h16v14H4z", "M4 10h16", "M8 3v4", "M16 3v4"]);
export const ClockIcon = icon(["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 7v5l3 2"]);
export const DownloadIcon = icon(["M12 4v11", "M7 10l5 5 5-5", "M5 20h14"]);
export const FileIcon = icon(["M6 3h8l4 4v14H6z", "M14 3v4h4", "M9 12h6", "M9 16h6"]);
export const BookIcon = icon(["M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z", "M4 19V5", "M8 7h7"]);
export const EyeIcon = icon([
  "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z",
  "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
]);
export const UserIcon = icon(["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4 21a8 8 0 0 1 16 0"]);
export const UsersIcon = icon([
  "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  "M2 21a7 7 0 0 1 14 0",
  "M16 3.5a4 4 0 0 1 0 7",
  "M19 14a6 6 0 0 1 3 7",
]);
export const TargetIcon = icon([
  "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  "M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  "M12 12h.01",
]);
export const LightbulbIcon = icon([
  "M9 18h6",
  "M10 21h4",
  "M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z",
]);
export const ScaleIcon = icon([
  "M12 3v18",
  "M5 21h14",
  "M4 7h16",
  "M7 7l-3 7a3 3 0 0 0 6 0z",
  "M17 7l-3 7a3 3 0 0 0 6 0z",
]);
export const RefreshIcon = icon([
  "M20 11a8 8 0 0 0-14.6-4.5L4 8",
  "M4 4v4h4",
  "M4 13a8 8 0 0 0 14.6 4.5L20 16",
  "M20 20v-4h-4",
]);
export const SparkleIcon = icon([
  "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z",
  "M19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7z",
]);
export const HandshakeIcon = icon([
  "M3 11l4-4 5 2 5-2 4 4",
  "M7 7l-4 7 5 5 3-2",
  "M17 7l4 7-5 5-3-2",
  "M9 13l3 3",
  "M11 11l3 3",
]);
export const AwardIcon = icon([
  "M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12z",
  "M8.5 14l-1.5 7 5-3 5 3-1.5-7",
]);
export const CpuIcon = icon([
  "M7 7h10v10H7z",
  "M10 10h4v4h-4z",
  "M9 3v4",
  "M15 3v4",
  "M9 17v4",
  "M15 17v4",
  "M3 9h4",
  "M3 15h4",
  "M17 9h4",
  "M17 15h4",
]);
export const LandmarkIcon = icon([
  "M3 10l9-6 9 6",
  "M5 10v8",
  "M10 10v8",
  "M14 10v8",
  "M19 10v8",
  "M3 21h18",
]);
export const BriefcaseIcon = icon([
  "M3 8h18v12H3z",
  "M8 8V5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3",
  "M3 13h18",
]);
export const HeartIcon = icon([
  "M12 20s-7.5-4.6-9-9.5A4.8 4.8 0 0 1 12 6.5a4.8 4.8 0 0 1 9 4C19.5 15.4 12 20 12 20z",
]);
export const TrendingIcon = icon(["M3 17l6-6 4 4 8-8", "M15 7h6v6"]);
export const ChartIcon = icon(["M4 20V10", "M10 20V4", "M16 20v-7", "M22 20H2"]);
export const PieIcon = icon(["M12 3v9h9A9 9 0 1 1 12 3z", "M15 3.5A9 9 0 0 1 20.5 9H15z"]);
export const ShieldIcon = icon([
  "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z",
  "M9 12l2 2 4-4",
]);
export const GiftIcon = icon([
  "M3 8h18v4H3z",
  "M5 12v9h14v-9",
  "M12 8v13",
  "M12 8s-1.5-5-4.5-4 0 4 4.5 4",
  "M12 8s1.5-5 4.5-4 0 4-4.5 4",
]);
export const QuoteIcon = icon(["M7 7h4v4c0 3-1.5 5-4 6", "M15 7h4v4c0 3-1.5 5-4 6"]);
export const AlertIcon = icon(["M12 3l10 18H2z", "M12 10v4", "M12 17v.01"]);
export const BuildingIcon = icon([
  "M4 21V4h11v17",
  "M15 9h5v12",
  "M8 8h3",
  "M8 12h3",
  "M8 16h3",
  "M2 21h20",
]);

/**
 * The icon of each service area, by service id, drawn in the site's motif (circle, arc, bar);
 * stored services with other ids get a default.
 */
const SERVICE_ICONS = {
  equity: EquityIcon,
  executive: ExecutiveIcon,
  variable: VariableIcon,
  benefits: BenefitsIcon,
  benchmarking: BenchmarkIcon,
  rewards: RewardsIcon,
} as const;

export function ServiceIcon({ id, ...props }: IconProps & { id: string }) {
  const Icon = SERVICE_ICONS[id as keyof typeof SERVICE_ICONS] ?? SparkleIcon;
  return <Icon {...props} />;
}

/** Icons named in the static content (app/content). */
const NAMED_ICONS = {
  sparkle: SparkleIcon,
  handshake: HandshakeIcon,
  award: AwardIcon,
  cpu: CpuIcon,
  landmark: LandmarkIcon,
  briefcase: BriefcaseIcon,
  heart: HeartIcon,
  target: TargetIcon,
  lightbulb: LightbulbIcon,
  scale: ScaleIcon,
  refresh: RefreshIcon,
  trending: TrendingIcon,
  book: BookIcon,
  clock: ClockIcon,
  chart: ChartIcon,
  users: UsersIcon,
  shield: ShieldIcon,
} as const;

export type IconName = keyof typeof NAMED_ICONS;

export function NamedIcon({ name, ...props }: IconProps & { name: IconName }) {
  const Icon = NAMED_ICONS[name];
  return <Icon {...props} />;
}

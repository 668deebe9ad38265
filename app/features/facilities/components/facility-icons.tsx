import { Icon, type IconName } from "~/components/marketing/icon";

/** The directory's and the profiles' icons (decorative: the text beside them speaks). */
export function FacilityIcon({
  name,
  className = "size-4",
  filled = false,
}: {
  name: IconName;
  className?: string;
  filled?: boolean;
}) {
  return <Icon name={name} className={className} filled={filled} />;
}

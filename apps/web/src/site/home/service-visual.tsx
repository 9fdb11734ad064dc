import { categoryLabel, type ServiceDto } from "@studio/validators";
import { ServiceIcon } from "../../components/emoji-icon";
import { MediaImage } from "../components/media-image";

/** A service's picture, or its icon on a gradient when it has none (a card and the detail dialog). */
export function ServiceVisual({
  service,
  sizes,
  imageClassName,
  fallbackClassName,
  iconClassName,
}: {
  service: ServiceDto;
  sizes: string;
  imageClassName: string;
  fallbackClassName: string;
  iconClassName: string;
}) {
  if (service.image)
    return <MediaImage src={service.image} alt="" sizes={sizes} className={imageClassName} />;
  return (
    <div className={fallbackClassName}>
      <span role="img" aria-label={`${categoryLabel(service.category)} service`} className="text-white/85">
        <ServiceIcon icon={service.icon} category={service.category} className={iconClassName} />
      </span>
    </div>
  );
}

import type { DwellingListItem } from '@husly/contracts';
import type { ListedDwelling } from './dwelling-list.query';

/** Public URL of a stored image (served by MediaController). */
export const mediaUrl = (key: string): string => `/media/dwellings/${key}.jpg`;

/** A list item as every list route sends it (`place`: the postal name of its zip, else the city label). */
export function toListItem(dwelling: ListedDwelling, place: string): DwellingListItem {
  const images = dwelling.imageKeys.map(mediaUrl);
  return {
    dwellingId: String(dwelling.id),
    headline: dwelling.headline,
    teaser: dwelling.teaser,
    rent: dwelling.rent,
    rooms: dwelling.rooms,
    size: dwelling.size,
    city: place,
    street: dwelling.street,
    lat: dwelling.lat,
    lng: dwelling.lng,
    image: images[0] ?? null,
    images,
    createdAt: dwelling.createdAt.toISOString(),
    deletedAt: dwelling.deletedAt?.toISOString() ?? null,
    monthlyCost: dwelling.monthlyCost,
    moveInCost: dwelling.moveInCost,
  };
}

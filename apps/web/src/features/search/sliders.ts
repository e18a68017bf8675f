import { formatDkk, SEARCH_SLIDERS } from '@husly/domain';
import type { TFunction } from '../../lib/translator';
import type { SliderName } from './search-params';

/** The slider's value when the URL does not set it: its default, the "Any" end. */
export function sliderValue(name: SliderName, value: number | undefined): number {
  return value ?? SEARCH_SLIDERS[name].default;
}

/** True at the default end: the filter is not set. */
export function isAnyValue(name: SliderName, value: number): boolean {
  return value === SEARCH_SLIDERS[name].default;
}

/** What a search slider shows: "Alle"/"Any" at its default end, otherwise the value (max rent, min rooms, min size). */
export function sliderValueText(name: SliderName, value: number, t: TFunction): string {
  if (isAnyValue(name, value)) return t('heroSearch.any');
  switch (name) {
    case 'rent':
      return formatDkk(value);
    case 'rooms':
      return t('heroSearch.roomsValue', { count: value });
    case 'size':
      return t('heroSearch.sizeValue', { count: value });
  }
}

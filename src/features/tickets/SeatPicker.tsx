import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import type { VenueConfig } from '@/config/venues';

type Props = {
  venue: VenueConfig;
  plan: SeatingPlan;
  seatStatus: SeatStatus;
  busy: boolean;
  onReserve: () => void;
};

export function SeatPicker(_props: Props) {
  return null;
}

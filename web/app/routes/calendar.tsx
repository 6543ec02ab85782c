import { CalendarScreen } from '../../features/calendar/components/calendar-screen';
import { VideoFromUrl } from './video-from-url';

/** /calendar (docs/product.md#calendar): the calendar, and a video opened from it in its dialog. */
export function CalendarRoute() {
  return (
    <>
      <CalendarScreen />
      <VideoFromUrl />
    </>
  );
}

import { formatPrice } from '@tokendesk/contract';
import { format } from 'date-fns';
import { TickMarkType, type Time } from 'lightweight-charts';
import { chartTimeToDate } from './chart-points';

/**
 * Time axis and crosshair labels of the pool's line and candle charts. The library labels in UTC;
 * the rest of the app speaks local time. Imported only by the lazily loaded chart canvases, so
 * lightweight-charts stays out of the main bundle.
 */
export const chartTimeOptions = {
  timeScale: {
    timeVisible: true,
    secondsVisible: false,
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const date = chartTimeToDate(time);
      if (type === TickMarkType.Year) return format(date, 'yyyy');
      if (type === TickMarkType.Month) return format(date, 'MMM');
      if (type === TickMarkType.DayOfMonth) return format(date, 'MMM d');
      return format(date, 'h:mm a');
    },
  },
  localization: {
    timeFormatter: (time: Time) => format(chartTimeToDate(time), 'MMM d, yyyy h:mm a'),
    priceFormatter: (price: number) => formatPrice(price),
  },
};

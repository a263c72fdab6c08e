import { format } from 'date-fns';

/** Product §2.13: list dates 'MMM d, yyyy'. */
export const formatTicketDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
/** Product §2.13: the detail's Created "MMM d, yyyy 'at' h:mm a". */
export const formatTicketDateTime = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");
/** A message's time in the conversation. */
export const formatMessageTime = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

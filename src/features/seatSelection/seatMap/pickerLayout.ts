/**
 * The seat picker's measures, shared by the picker and the seat page's loading skeleton: the
 * skeleton takes the space the picker will, so nothing in view moves when the plan arrives.
 */

/** The wide layout needs room for a usable plan beside the panel. */
export const PICKER_WIDE = '60em';

/** The side panel's width in the wide layout. */
export const PICKER_PANEL_WIDTH = '22rem';

/** The plan's frame: most of a screen, never so tall that the controls under it leave it. */
export const PLAN_FRAME_HEIGHT = 'clamp(18rem, 60vh, 40rem)';

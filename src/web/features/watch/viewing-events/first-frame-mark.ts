/** The early-start script marks the first frame of a cold /watch visit under this name (a start-up time). */
export const FIRST_FRAME_MARK = 'cliffhanger:first-frame';

/** The product's name and public contact addresses (DESIGN: one constant; not secret). */
export const APP_NAME = 'Cliffhanger';
export const SUPPORT_EMAIL = 'support@cliffhanger.example';
export const FEEDBACK_EMAIL = 'feedback@cliffhanger.example';

/** What a file picker offers: the types the server accepts (it checks each file's content again). */
export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,.docx,.xlsx,.odt,.ods';

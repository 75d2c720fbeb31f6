-- Uploaded files are mostly compressed already (PDF, PNG, JPEG, XLSX): store their chunks out of
-- line without trying to compress them again, which only costs CPU on every upload.
ALTER TABLE document_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

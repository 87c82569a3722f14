# Man pages (filled in by its owner).

"""Stage 2, render: presentation shared by every front end: responses as text and HTML, and the result object."""

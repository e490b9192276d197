"""Stage 7, jupyter: front ends: the %strudel magics, the ipywidgets panel and the REST API of the sidebar."""
